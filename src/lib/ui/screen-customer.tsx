import { createContext, useContext, useEffect } from 'react';

/** How a screen's content tells its frame which customer it acts for (undefined: none yet). */
export const ScreenCustomerContext = createContext<(customer: string | undefined) => void>(() => undefined);

/**
 * Names `customer` in the heading area of the screen this is rendered in, for as long as the
 * caller is mounted: an admin sees for whom a screen acts before pressing anything.
 */
export function useScreenCustomer(customer: string | undefined): void {
  const announce = useContext(ScreenCustomerContext);
  useEffect(() => {
    announce(customer);
    return () => { announce(undefined); };
  }, [announce, customer]);
}
