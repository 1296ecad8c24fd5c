import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons';
import { outlineButtonClass } from '../../components/styles';
import { Tooltip } from '../../components/tooltip';

/**
 * Below md the map is not beside the list but behind a button. The map is only mounted while the
 * panel is open, so a phone that never asks for it never loads the map chunk or its tiles.
 */
export function MobileMapPanel({
  isOpen,
  onOpenChange,
  map,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  map: ReactNode;
}) {
  const panelId = useId();
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => onOpenChange(!isOpen)}
        className={`${outlineButtonClass} w-full`}
      >
        {isOpen ? 'Hide Map' : 'View on Map'}
      </button>
      <section id={panelId} hidden={!isOpen} aria-labelledby={`${panelId}-heading`} className="mt-3 overflow-hidden rounded-lg border border-gray-200">
        <div className="flex items-center justify-between border-b border-gray-200 bg-white px-3 py-2">
          <h2 id={`${panelId}-heading`} className="text-base font-semibold text-gray-900">
            Map View
          </h2>
          <Tooltip label="Close map" side="left">
            <button type="button" aria-label="Close map" onClick={() => onOpenChange(false)} className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100">
              <CloseIcon />
            </button>
          </Tooltip>
        </div>
        {/* isolate: the map's panes and zoom buttons stack inside the panel, under the sticky header. */}
        <div className="relative isolate h-[60vh]">{isOpen ? map : null}</div>
      </section>
    </div>
  );
}
