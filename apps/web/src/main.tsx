import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { loadRuntimeConfig } from './lib/runtime-config'
import { restoreSession } from './lib/session/session-store'
import './styles/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

async function start(container: HTMLElement) {
  await loadRuntimeConfig()
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
