import { type Invoice, ListScreen, useInvoiceColumns, usePageTitle } from '@lm/ui';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** /invoices/list (ARTIST_PERMISSION): invoices of the artist's coin purchases. */
export function InvoicesPage() {
  const { t } = useTranslation();
  usePageTitle('wallet.invoices.title');
  const navigate = useNavigate();
  const col = useInvoiceColumns();
  return (
    <ListScreen<Invoice>
      title="wallet.invoices.title"
      path="artist/invoices"
      empty={{
        title: 'wallet.invoices.empty_title',
        hint: 'wallet.invoices.empty_hint',
        action: (
          <Button component={Link} to="/wallet/coins/packages" size="xs">
            {t('wallet.custom.buy')}
          </Button>
        ),
      }}
      onRowClick={(inv) => navigate(`/invoices/${inv.id}`)}
      columns={[
        col.number,
        col.date,
        col.coins,
        col.amount,
        col.method,
        col.status,
        {
          accessor: 'actions',
          title: '',
          width: 70,
          render: (inv) => (
            <Group justify="flex-end">
              <Tooltip label={t('wallet.tx.view')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('wallet.tx.view')}
                  onClick={(e) => {
                    e.stopPropagation();
                    navigate(`/invoices/${inv.id}`);
                  }}
                >
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
