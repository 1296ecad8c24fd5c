// What a cluster's count on the directory's map means (product rule 38), apart from Leaflet (which
// needs a browser) so it can be tested in Node: cluster-icon.ts puts it on the icon.
import { professionalsText } from '../../../../core/counts';

/** '12 professionals here: select to see them' (a click zooms in, or fans them out at the closest zoom). */
export function clusterLabel(count: number): string {
  return `${professionalsText(count)} here: select to see them`;
}
