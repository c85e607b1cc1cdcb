import type { FormPictureErrors } from './form-pictures';
import type { PostFormErrors } from './post-form';

/** What the post editor shows under its fields: the form's own messages and its pictures'. */
export type EditorErrors = PostFormErrors & FormPictureErrors;
