import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { ScopeDialog } from './scope-dialog';

/** /scope: the scope dialog as a route; closing returns to where the user came from. */
export function ScopePage() {
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const close = () => {
    if (canGoBack) router.history.back();
    else void navigate({ href: '/home', replace: true });
  };
  return <ScopeDialog open onClose={close} />;
}
