import type { ShareImage } from '../../render/meta';

export interface SharePreviewProps {
  image: ShareImage;
  title: string;
  description: string;
  host: string;
}

/**
 * Under a post's preview: the card a shared link makes (WhatsApp, Facebook and the like), from
 * the same picture, title and description the page gives them. The picture is shown whole, as the
 * post's page shows it (`coverSize`): one frame on the page and when shared.
 */
export function SharePreview({ image, title, description, host }: SharePreviewProps) {
  return (
    <section className="container admin-share-preview" aria-labelledby="share-preview-title">
      <h2 id="share-preview-title" className="admin-share-preview__title">
        When the link is shared
      </h2>
      <div className="admin-share-card">
        <img src={image.path} alt={image.alt} width={image.width} height={image.height} decoding="async" />
        <div className="admin-share-card__text">
          <p className="admin-share-card__host">{host}</p>
          <p className="admin-share-card__headline">{title}</p>
          <p className="admin-share-card__description">{description}</p>
        </div>
      </div>
    </section>
  );
}
