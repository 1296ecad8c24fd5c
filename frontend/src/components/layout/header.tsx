// The sticky top bar: logo, the two main links, the desktop search, the account entry, and (below
// md) the button that opens the slide-in menu.
import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useCurrentUser } from '../../api/use-current-user';
import { LogoMark, MenuIcon, UserIcon } from '../icons';
import { pageWidthClass } from '../styles';
import { replayedClickProps, useReplayedClick } from '../early-clicks';
import { Tooltip } from '../tooltip';
import { AccountMenu } from './account-menu';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';
import { useCloseOnNavigation } from './use-close-on-navigation';

const MOBILE_MENU_ID = 'mobile-menu';

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-2 py-1 text-sm font-medium hover:text-blue-700 ${isActive ? 'text-blue-700' : 'text-gray-800'}`;
}

export function Header() {
  const { user } = useCurrentUser();
  const [isMenuOpen, setMenuOpen] = useState(false);

  const markMenuOpened = useCloseOnNavigation(() => setMenuOpen(false));
  const openMenu = useCallback(() => {
    markMenuOpened();
    setMenuOpen(true);
  }, [markMenuOpened]);
  // A tap on the menu button before the page is hydrated opens the menu once it is.
  useReplayedClick('open-menu', openMenu);

  // The menu exists below md only: widening the window past md closes it (it would otherwise stay
  // open but hidden, leaving the page inert).
  useEffect(() => {
    const desktop = window.matchMedia('(min-width: 48rem)');
    const onChange = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <header className="sticky top-[var(--demo-banner-h,0px)] z-40 border-b border-gray-200 bg-white">
        <div className={`${pageWidthClass} flex h-16 items-center gap-4`}>
          <Link to="/" aria-label="ITConnect home" className="flex shrink-0 items-center gap-2 rounded-md">
            <LogoMark />
            <span className="text-xl font-bold tracking-tight text-gray-900">ITConnect</span>
          </Link>

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-2 lg:gap-4">
              <li>
                <NavLink to="/professionals" end className={navLinkClass}>
                  Browse Professionals
                </NavLink>
              </li>
              <li>
                <NavLink to="/apply" className={navLinkClass}>
                  Join as a professional
                </NavLink>
              </li>
            </ul>
          </nav>

          <div className="ml-auto hidden items-center gap-3 md:flex">
            <HeaderSearch id="header-search" className="w-48 lg:w-72" />
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Tooltip label="Login or register" side="bottom">
                <Link
                  to="/register"
                  aria-label="Login or register"
                  className="rounded-full p-2 text-gray-700 hover:bg-gray-100 hover:text-blue-700"
                >
                  <UserIcon />
                </Link>
              </Tooltip>
            )}
          </div>

          <Tooltip label="Open menu" side="bottom" isDisabled={isMenuOpen}>
            <button
              type="button"
              {...replayedClickProps('open-menu')}
              onClick={openMenu}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={isMenuOpen}
              aria-controls={MOBILE_MENU_ID}
              className="ml-auto rounded-md p-2 text-gray-800 hover:bg-gray-100 md:hidden"
            >
              <MenuIcon width={24} height={24} />
            </button>
          </Tooltip>
        </div>
      </header>
      <MobileMenu id={MOBILE_MENU_ID} isOpen={isMenuOpen} onClose={() => setMenuOpen(false)} user={user} />
    </>
  );
}
