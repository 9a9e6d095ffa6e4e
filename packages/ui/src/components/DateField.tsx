import '@mantine/dates/styles.layer.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../i18n/format';

export interface DateFieldProps
  extends Omit<DatePickerInputProps<'default'>, 'value' | 'onChange' | 'type' | 'locale'> {
  /** `YYYY-MM-DD` or empty. */
  value: string | null | undefined;
  onChange(value: string | undefined): void;
}

/**
 * Date picker whose value is a `YYYY-MM-DD` string (the API's date format), shown in the format
 * and month names of the current language.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const { i18n } = useTranslation();
  return (
    <DatePickerInput
      valueFormat="LL"
      leftSection={<IconCalendar size={16} />}
      clearable
      {...rest}
      locale={dayjsLocale(i18n.language)}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : undefined)}
    />
  );
}
