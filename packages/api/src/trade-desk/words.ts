/** How a broker's draft (a circle or a deal between two) is marked to the members it was prepared for. */
export function preparedByWords(brokerName: string | null | undefined): string {
  const name = brokerName?.trim() ?? '';
  return `Prepared by the BarterAds trade desk${name ? ` (${name})` : ''}`;
}
