import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { i18nReady } from './lib/i18n'
import { loadRuntimeConfig } from './lib/runtime-config'
import { restoreSession } from './lib/session/session-store'
import './styles/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

async function start(container: HTMLElement) {
  // Both downloads run side by side; the first render needs the configuration and the active language's strings.
  await Promise.all([
    loadRuntimeConfig(),
    i18nReady.catch((err: unknown) => {
      console.error('The interface strings could not be loaded', err)
    }),
  ])
  // Restoring runs beside the first render: the root shows a loader until the session settles.
  void restoreSession()
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  )
}

void start(root)
