// The one module mf_content exposes: its routes (CONTRACT.md 'Route ownership'), with absolute paths.
// Pages are imported statically: the shell already fetches this remote only when one of its routes is needed,
// and a second, lazy level would reveal a Suspense fallback on first load.
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from 'shared/runtime-config';
import { HomePage } from './pages/home';
import { BlogPage, prefetchBlog } from './pages/blog';
import { BlogPostPage } from './pages/blog-post';
import { BlogpostPage } from './pages/blogpost';
import { PrivacyPolicyPage } from './pages/privacy-policy';
import { TermsOfServicePage } from './pages/terms-of-service';
import { ReturnPolicyPage } from './pages/return-policy';
import { AboutPage } from './pages/about';
import { ContactUsPage } from './pages/contact-us';
import { HelpPage } from './pages/help';

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/blog', element: <BlogPage />, handle: { prefetch: prefetchBlog } satisfies RouteHandle },
  { path: '/blog/blogpost/:slug', element: <BlogPostPage /> },
  { path: '/blogpost/:slug', element: <BlogpostPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-service', element: <TermsOfServicePage /> },
  { path: '/return-policy', element: <ReturnPolicyPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact-us', element: <ContactUsPage /> },
  { path: '/help', element: <HelpPage /> },
];
