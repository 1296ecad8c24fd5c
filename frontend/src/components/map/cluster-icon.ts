// A cluster's icon on the directory's map: Leaflet.markercluster's own look (its CSS classes and
// size), with what the count means said (product rule 38) as the icon's native title (shown on
// hover) and as its accessible name (the cluster is a focusable role=button; its name was the bare
// number). Not the site's Radix tooltip: the cluster layer makes and drops these icons on every
// zoom and pan, outside React.
import L from 'leaflet';
import { clusterLabel } from './cluster-label';

class LabelledDivIcon extends L.DivIcon {
  constructor(
    private readonly label: string,
    options: L.DivIconOptions,
  ) {
    super(options);
  }

  override createIcon(oldIcon?: HTMLElement): HTMLElement {
    const icon = super.createIcon(oldIcon);
    icon.title = this.label;
    icon.setAttribute('aria-label', this.label);
    return icon;
  }
}

/** The MarkerClusterGroup's iconCreateFunction. */
export function clusterIcon(cluster: { getChildCount(): number }): L.DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return new LabelledDivIcon(clusterLabel(count), {
    html: `<div><span>${count}</span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
}
