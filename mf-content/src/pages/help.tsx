// /help shows the contact page (spec route table: '/contact-us and /help').
export { ContactUsPage as HelpPage } from './contact-us';
