import { Link } from '@tanstack/react-router';
import { articleDate, type ArticleSummary } from '../../services/articles/mediaArticles';

/** The class of each part: the featured article and the home's teaser style them apart. */
export interface ArticleTeaserClasses {
  type: string;
  title: string;
  date: string;
}

/** A featured article's text: its type, its title (h2 or h3, named by titleId), its date and Read → /article/{id}. */
export function ArticleTeaserText({ article, titleId, level, classes }: { article: ArticleSummary; titleId: string; level: 2 | 3; classes: ArticleTeaserClasses }) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <p className={classes.type}>{article.type}</p>
      <Title id={titleId} className={classes.title}>
        {article.title}
      </Title>
      <p className={classes.date}>
        <time dateTime={article.createdAt}>{articleDate(article.createdAt)}</time>
      </p>
      <Link to="/article/$id" params={{ id: article.id }} className="button button-primary" aria-label={`Read: ${article.title}`}>
        Read
      </Link>
    </>
  );
}
