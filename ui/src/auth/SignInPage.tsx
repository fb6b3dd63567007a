import { Placeholder } from '../shell/Placeholder.tsx';

/** Placeholder for a part-2 screen; the route and lazy chunk are in place. */
export default function Page() {
  return <Placeholder title="Sign In" bare />;
}
