import { Link } from '@tanstack/react-router';
import type { AccordionItem } from '../../components/data/Accordion';

// The FAQ's 11 questions (docs/requirements.md#content-pages): no minting fee, only gas fees; payment in ETH through a browser wallet.
export const FAQ_ITEMS: readonly AccordionItem[] = [
  {
    id: 'what',
    header: 'What is Art Bazaar?',
    content: (
      <p>
        A curated marketplace for digital art. Independent artists publish collections of artworks as tokens, and
        collectors discover, buy and sell them with their own wallet. Every artist here applied and was reviewed by our
        curators, so what you find in <Link to="/explore">Explore</Link> is a selection, not an open shelf.
      </p>
    ),
  },
  {
    id: 'who-sells',
    header: 'Who can sell art on Art Bazaar?',
    content: (
      <p>
        Artists accepted by our curators create and publish collections in the studio. Collectors can also list the
        artworks they own: only an artwork's owner, or its creator, can put it up for sale.
      </p>
    ),
  },
  {
    id: 'apply',
    header: 'How do I apply as an artist?',
    content: (
      <p>
        Send us three original digital artworks through the <Link to="/artists/apply">artist application</Link>.
        Collaborations are welcome when every artist who took part is credited. We read every application; there is no
        fixed response time, and we write to you once the review is done.
      </p>
    ),
  },
  {
    id: 'minting-fee',
    header: 'Is there a fee to mint a collection?',
    content: (
      <p>
        No. There is no minting fee: you only pay the network's gas fees for the transaction that publishes your
        collection. The studio publishes a whole collection in a single transaction, so you pay that gas once, not once
        per artwork.
      </p>
    ),
  },
  {
    id: 'payment',
    header: 'How do I pay for an artwork?',
    content: (
      <p>
        In ETH, through a browser wallet. Press Buy on an artwork that is for sale, check the price in your wallet and
        approve the transaction; the artwork moves to your wallet once the transaction is confirmed. Your wallet also
        shows the gas fee of the transaction before you approve it.
      </p>
    ),
  },
  {
    id: 'wallet',
    header: 'Which wallet do I need, and why do I sign a message?',
    content: (
      <p>
        Any browser wallet for Ethereum. When you connect it the first time, you sign a login message: that creates
        your account and proves the address is yours. Signing it is free and authorises no payment. We never ask for
        your recovery phrase.
      </p>
    ),
  },
  {
    id: 'formats',
    header: 'What kinds of artworks can I find here?',
    content: (
      <p>
        Images, GIFs, videos, generative art (a script that draws the artwork in your browser) and flipcards, a format
        of our own where the artwork is cut into cards you turn over one by one. The{' '}
        <Link to="/flipcard">unique formats page</Link> explains flipcards in more detail.
      </p>
    ),
  },
  {
    id: 'royalties',
    header: 'How do royalties work?',
    content: (
      <p>
        The artist sets a collection's royalties in basis points when creating it: 100 basis points are 1% of the
        price. Royalties are paid to the artist by the marketplace contract on sales of the collection's artworks, in
        the same transaction as the sale.
      </p>
    ),
  },
  {
    id: 'offers',
    header: 'Can I make an offer instead of paying the listed price?',
    content: (
      <p>
        Yes, on an artwork that is for sale. Your offer is sent in ETH from your wallet and waits for the seller. You
        can retract it until the seller accepts it; if the sale is cancelled, retract your offer to get your ETH back.
      </p>
    ),
  },
  {
    id: 'cannot-buy',
    header: 'Why can I not buy or make an offer on an artwork?',
    content: (
      <p>
        The artwork may not be for sale, or it is yours: owners cannot buy or make offers on their own artworks. Accounts
        banned for breaking the <Link to="/community-guidelines">Community Guidelines</Link> cannot buy or make offers
        either.
      </p>
    ),
  },
  {
    id: 'rights',
    header: 'What do I own when I buy an artwork?',
    content: (
      <p>
        The token, in your wallet, and the right to display its artwork for your own use. The artist keeps the
        copyright unless they say otherwise; the <Link to="/tos">Terms of Service</Link> describe the details.
      </p>
    ),
  },
];
