import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** The home page title is the product name; other pages prefix theirs. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
