export { theme, type Theme } from './theme';
export { Button, ButtonLink, type ButtonProps } from './button';
export { TextField, TextArea, Select, type SelectOption } from './fields';
export { Dialog } from './dialog';
export { Table, PageButton, type Column } from './table';
export { LoadingOverlay, Card, Page, Notice, Lines, Tabs, EmptyState } from './misc';
export { Toast } from './toast';
export { GlobalStyles } from './global-styles';
export { useSchemaForm } from './use-schema-form';
