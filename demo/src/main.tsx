import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HackleProvider } from 'hackle-kit/react'
import { App } from './App'
import { hackle } from './client'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HackleProvider hackleClient={hackle} timeout={5000}>
        <App />
      </HackleProvider>
    </StrictMode>,
  )
}
