import { describe, expect, it } from 'vitest';
import { createFocusReturn, isRegionHotkey } from './toast-focus';

interface Place {
  name: string;
  isConnected: boolean;
}

function place(name: string): Place {
  return { name, isConnected: true };
}

const keys = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };

describe('isRegionHotkey', () => {
  it('is F8 alone', () => {
    expect(isRegionHotkey({ key: 'F8', ...keys })).toBe(true);
    expect(isRegionHotkey({ key: 'F7', ...keys })).toBe(false);
    expect(isRegionHotkey({ key: 'F8', ...keys, shiftKey: true })).toBe(false);
    expect(isRegionHotkey({ key: 'F8', ...keys, ctrlKey: true })).toBe(false);
    expect(isRegionHotkey({ key: 'F8', ...keys, altKey: true })).toBe(false);
    expect(isRegionHotkey({ key: 'F8', ...keys, metaKey: true })).toBe(false);
  });
});

describe('createFocusReturn', () => {
  const toastButton = place('dismiss button');
  const region = { contains: (node: Place | null) => node === toastButton };

  it('gives back the place focus left on F8, once', () => {
    const focus = createFocusReturn<Place>();
    const search = place('search box');
    focus.remember(search, region);
    expect(focus.take()).toBe(search);
    expect(focus.take()).toBeNull();
  });

  it('keeps the first place when F8 is pressed again from inside the region', () => {
    const focus = createFocusReturn<Place>();
    const search = place('search box');
    focus.remember(search, region);
    focus.remember(toastButton, region);
    expect(focus.take()).toBe(search);
  });

  it('has nothing to give back when focus was nowhere, the place has gone, or focus left by Tab', () => {
    const focus = createFocusReturn<Place>();
    focus.remember(null, region);
    expect(focus.take()).toBeNull();

    const removed = place('a closed menu item');
    focus.remember(removed, region);
    removed.isConnected = false;
    expect(focus.take()).toBeNull();

    focus.remember(place('search box'), region);
    focus.forget();
    expect(focus.take()).toBeNull();
  });
});
