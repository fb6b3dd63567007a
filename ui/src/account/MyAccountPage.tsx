import { RequireToken } from '../session/RequireToken.tsx';
import { Placeholder } from '../shell/Placeholder.tsx';

/** Placeholder for a part-2 screen; the route and lazy chunk are in place. */
export default function Page() {
  return (
    <RequireToken>
      <Placeholder title="My Account" />
    </RequireToken>
  );
}
