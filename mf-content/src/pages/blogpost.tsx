// /blogpost/{slug} shows the same post page as /blog/blogpost/{slug} (spec route table).
export { BlogPostPage as BlogpostPage } from './blog-post';
