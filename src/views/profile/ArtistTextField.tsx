import { TextField } from '../../components/forms/Field';

export interface ArtistTextFieldProps {
  id: string;
  label: string;
  value: string;
  /** See docs/requirements.md#artists "a max length truncates input". */
  maxLength: number;
  error: string | null;
  onChange(value: string): void;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url' | 'date';
  hint?: string;
}

/** The artist profile's text field: its hint above the control, a required field's label marked with an asterisk. */
export function ArtistTextField({ required = false, ...field }: ArtistTextFieldProps) {
  return <TextField {...field} required={required} markRequired={required} hintAbove />;
}
