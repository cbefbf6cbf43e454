import { Accordion } from '../../components/data/Accordion';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { FAQ_ITEMS } from './faqItems';
import './content.css';

/** /faq: the 11 questions in one accordion; opening one closes the one open before. */
export function FaqView() {
  useDocumentTitle('FAQ');
  return (
    <div className="page content-page faq-page">
      <header className="page-header">
        <h1 className="page-title">Frequently asked questions</h1>
        <p className="page-subheading">Buying, selling and publishing on Art Bazaar, in short answers.</p>
      </header>
      <Accordion label="Frequently asked questions" items={FAQ_ITEMS} headingLevel={2} />
    </div>
  );
}
