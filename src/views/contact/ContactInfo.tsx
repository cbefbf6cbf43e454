import { Link } from '@tanstack/react-router';
import { SocialLinks } from '../../components/layout/SocialLinks';

/** See docs/requirements.md#content-pages "an info box with FAQ link, apply link and social links". */
export function ContactInfo() {
  return (
    <aside className="contact-info" aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className="section-title">
        Before you write
      </h2>
      <p>
        Many questions about wallets, gas fees, buying and listing are answered in our <Link to="/faq">FAQ</Link>.
      </p>
      <p>
        Want to publish your work here? Read how curation works and <Link to="/artists/apply">apply to become an artist</Link>.
      </p>
      <p>News, exhibitions and new collections are also on our channels:</p>
      <SocialLinks label="Art Bazaar on social media" />
    </aside>
  );
}
