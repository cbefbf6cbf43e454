import { useEffect, useState, useSyncExternalStore } from 'react';
import { getWalletConnectFailure, getWalletConnectUri, subscribeWalletConnectUri } from '../../services/wallet/walletConnectUri';

/** The WalletConnect pairing QR code (our own rendering; the hosted modal is never loaded). */
export function WalletConnectPanel() {
  const uri = useSyncExternalStore(subscribeWalletConnectUri, getWalletConnectUri, getWalletConnectUri);
  const failure = useSyncExternalStore(subscribeWalletConnectUri, getWalletConnectFailure, getWalletConnectFailure);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!uri) {
      setImage(null);
      return;
    }
    let live = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(uri, { margin: 1, width: 240 })).then((data) => live && setImage(data));
    return () => {
      live = false;
    };
  }, [uri]);
  if (failure) return <p role="alert">{failure}</p>;
  if (!uri) return <p>Reaching the WalletConnect relay…</p>;
  return (
    <div className="walletconnect-qr">
      {image && <img src={image} alt="WalletConnect QR code: scan it with your phone's wallet" width={240} height={240} />}
      <p className="wallet-modal-hint">Scan with a WalletConnect-compatible wallet.</p>
    </div>
  );
}
