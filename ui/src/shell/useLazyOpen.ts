import { useState } from 'react';

/** Open state for a lazily loaded overlay that stays mounted after its first opening (exit animations). */
export function useLazyOpen() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    open,
    mounted,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
}
