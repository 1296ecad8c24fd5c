// The signed-in user's account dropdown (desktop): My Profile, Admin (admins only), Sign Out.
// A disclosure (button + list of links), closed by Escape, a click outside, leaving it with Tab,
// or navigating.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { isAdmin, type CurrentUser } from '../../api/current-user';
import { ChevronDownIcon, UserIcon } from '../icons';
import { Tooltip } from '../tooltip';
import { useCloseOnNavigation } from './use-close-on-navigation';
import { useSignOut } from './use-sign-out';

const itemClass = 'block w-full px-4 py-2 text-left text-sm text-gray-800 hover:bg-gray-100 focus-visible:bg-gray-100';

export function AccountMenu({ user }: { user: CurrentUser }) {
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const signOut = useSignOut();

  const markOpened = useCloseOnNavigation(() => setOpen(false));

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && isOpen) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onBlur(event: FocusEvent) {
    if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div ref={containerRef} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      {/* Not while the menu is open: it would cover the menu's first item. */}
      <Tooltip label={`Account menu for ${user.name}`} side="bottom" isDisabled={isOpen}>
        <button
          ref={buttonRef}
          type="button"
          aria-label={`Account menu for ${user.name}`}
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => {
            if (!isOpen) markOpened();
            setOpen(!isOpen);
          }}
          className="flex items-center gap-1 rounded-full p-2 text-gray-700 hover:bg-gray-100 hover:text-blue-700"
        >
          <UserIcon />
          <ChevronDownIcon width={16} height={16} />
        </button>
      </Tooltip>
      <div
        id={menuId}
        hidden={!isOpen}
        className="absolute right-0 z-50 mt-2 w-56 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        <p className="truncate border-b border-gray-200 px-4 py-2 text-sm text-gray-700">
          Signed in as <span className="font-medium text-gray-900">{user.name}</span>
        </p>
        <ul>
          <li>
            <Link to="/profile" className={itemClass}>
              My Profile
            </Link>
          </li>
          {isAdmin(user) ? (
            <li>
              <Link to="/admin" className={itemClass}>
                Admin
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" className={itemClass} onClick={() => void signOut()}>
              Sign Out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
