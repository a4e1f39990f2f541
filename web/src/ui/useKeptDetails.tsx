// An expanded row's detail survives the switch between the table and the cards (a tablet turned
// across 1024 px, a window resized): each detail is rendered once, through a portal into an element
// of its own, and whichever layout is on screen only gives that element a place. What the detail
// holds (counts typed, a comment begun, a player's position) lives with the portal, so it is not
// lost when the layout under it is replaced.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface KeptDetails {
  /** The open details, to render once anywhere in the table's tree (they show in their slots). */
  portals: ReactNode[];
  /** Where row `id`'s detail shows in the current layout. */
  slot: (id: string) => ReactNode;
}

/** One element per open detail, the same for as long as the detail stays open. */
function detailHosts() {
  const hosts = new Map<string, HTMLDivElement>();
  return {
    of(id: string): HTMLDivElement {
      let host = hosts.get(id);
      if (!host) {
        host = document.createElement('div');
        hosts.set(id, host);
      }
      return host;
    },
    keepOnly(ids: ReadonlySet<string>) {
      for (const id of hosts.keys()) if (!ids.has(id)) hosts.delete(id);
    },
  };
}

export function useKeptDetails<Row>(
  rows: readonly Row[],
  getRowId: (row: Row) => string,
  isOpen: (row: Row) => boolean,
  render: ((row: Row) => ReactNode) | undefined,
): KeptDetails {
  const [hosts] = useState(detailHosts);
  const open = render ? rows.filter(isOpen) : [];
  const openIds = open.map(getRowId).join('\n');
  // A closed detail's element is dropped, so that opening it again starts afresh.
  useEffect(() => hosts.keepOnly(new Set(openIds.split('\n'))), [hosts, openIds]);
  return {
    portals: open.map((row) => createPortal(render!(row), hosts.of(getRowId(row)), getRowId(row))),
    slot: (id) => <DetailSlot host={hosts.of(id)} />,
  };
}

/** Holds a detail's element while this layout shows it. */
function DetailSlot({ host }: { host: HTMLDivElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = ref.current!;
    slot.appendChild(host);
    return () => {
      if (host.parentNode === slot) slot.removeChild(host);
    };
  }, [host]);
  return <div ref={ref} />;
}
