/** The URL key naming the saved view on screen (decision 0116); apart, so the export button reads it cheaply. */
export const VIEW_PARAM = 'view'
