import { useEffect, useState } from 'react'
import { hackle } from './client'

export interface Visitor {
  deviceId?: string
  userId?: string
  grade?: string
}

function read(): Visitor {
  const user = hackle.getUser()
  return { deviceId: user.deviceId, userId: user.userId, grade: user.properties?.grade as string | undefined }
}

/** The client's current user, again after every user change (the React client's `user-updated`). */
export function useVisitor(): Visitor {
  const [visitor, setVisitor] = useState(read)
  useEffect(() => {
    const update = () => setVisitor(read())
    hackle.on('user-updated', update)
    update()
    return () => hackle.off('user-updated', update)
  }, [])
  return visitor
}

/** Whether the workspace arrived (`undefined` while waiting). */
export function useWorkspaceLoaded(): boolean | undefined {
  const [loaded, setLoaded] = useState<boolean>()
  useEffect(() => {
    let live = true
    hackle.onInitialized({ timeout: 5000 }).then((result) => live && setLoaded(!!result?.success))
    return () => {
      live = false
    }
  }, [])
  return loaded
}
