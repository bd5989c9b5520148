// Owned by the step-6 helper that builds this area.
export {}
