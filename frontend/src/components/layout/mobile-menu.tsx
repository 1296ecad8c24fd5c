// The slide-in menu below the md breakpoint (w-80). A native modal <dialog>: the browser keeps focus
// inside it, makes the page behind inert, closes it on Escape and returns focus to the menu button.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isAdmin, type CurrentUser } from '../../api/current-user';
import { CloseIcon } from '../icons';
import { Tooltip } from '../tooltip';
import { HeaderSearch } from './header-search';
import { useSignOut } from './use-sign-out';
import { useModalDialog } from '../use-modal-dialog';

interface MobileMenuProps {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  user: CurrentUser | null;
}

const menuItemClass = 'block rounded-md px-3 py-2 text-base font-medium text-gray-800 hover:bg-gray-100 hover:text-blue-700';

export function MobileMenu({ id, isOpen, onClose, user }: MobileMenuProps) {
  const dialogRef = useModalDialog(isOpen);
  const titleId = useId();
  const signOut = useSignOut();

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-full bg-white p-0 text-gray-900 shadow-xl transition-transform duration-300 ease-out backdrop:bg-gray-900/50 starting:open:translate-x-full motion-reduce:transition-none md:hidden"
    >
      <div className="flex h-full flex-col gap-6 overflow-y-auto p-5">
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            Menu
          </h2>
          <Tooltip label="Close menu" side="left">
            <button
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-md p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900"
            >
              <CloseIcon />
            </button>
          </Tooltip>
        </div>

        <HeaderSearch id={`${id}-search`} onSearched={onClose} />

        <nav aria-label="Mobile">
          <ul className="space-y-1">
            <li>
              <Link to="/professionals" className={menuItemClass} onClick={onClose}>
                Browse Professionals
              </Link>
            </li>
            <li>
              <Link to="/apply" className={menuItemClass} onClick={onClose}>
                Join as a professional
              </Link>
            </li>
          </ul>
        </nav>

        <div className="border-t border-gray-200 pt-4">
          {user ? (
            <section aria-label="Account">
              <h3 className="px-3 text-sm font-semibold text-gray-700">Account</h3>
              <p className="truncate px-3 text-sm text-gray-700">{user.name}</p>
              <ul className="mt-2 space-y-1">
                <li>
                  <Link to="/profile" className={menuItemClass} onClick={onClose}>
                    My Profile
                  </Link>
                </li>
                {isAdmin(user) ? (
                  <li>
                    <Link to="/admin" className={menuItemClass} onClick={onClose}>
                      Admin
                    </Link>
                  </li>
                ) : null}
                <li>
                  <button
                    type="button"
                    className={`${menuItemClass} w-full text-left`}
                    onClick={() => {
                      onClose();
                      void signOut();
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              </ul>
            </section>
          ) : (
            <Link to="/login" className={menuItemClass} onClick={onClose}>
              Login / Register
            </Link>
          )}
        </div>
      </div>
    </dialog>
  );
}
