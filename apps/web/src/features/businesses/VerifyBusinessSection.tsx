import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import {
  CERTIFICATE_TYPES,
  checkGstin,
  checkPan,
  checkUdyam,
  GSTIN_LENGTH,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_LABELS,
} from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCoreText } from '../../i18n/core-text';
import { GstVerifiedBadge } from './GstVerifiedBadge';
import { SubmitVerificationError, useSubmitVerification } from './submit';

type MyVerification = RouterOutputs['businesses']['myVerification'];
type Submission = NonNullable<MyVerification['latest']>;

const STATUS_COLORS = { unverified: 'gray', pending: 'yellow', verified: 'green', rejected: 'red' } as const;
const DATES = new Map<string, Intl.DateTimeFormat>();
/** A submission's time in the page's language (Latin digits). */
function formatWhen(iso: string, locale: string): string {
  let format = DATES.get(locale);
  if (!format) {
    const tag = locale === 'hi' ? 'hi-IN' : locale === 'mr' ? 'mr-IN' : 'en-IN';
    format = new Intl.DateTimeFormat(`${tag}-u-nu-latn`, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Kolkata',
      // Hindi and Marathi on a 24-hour clock: Intl writes their am/pm in Latin letters.
      ...(tag === 'en-IN' ? {} : { hourCycle: 'h23' as const }),
    });
    DATES.set(locale, format);
  }
  return format.format(new Date(iso));
}

interface Values {
  gstin: string;
  legalName: string;
  pan: string;
  udyam: string;
  certificate: File | null;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The GSTIN's message as the user types: once 15 characters are typed (or on blur), or at once for a bad character. */
function liveGstinError(value: string, touched: boolean): string | undefined {
  const checked = checkGstin(value);
  if (checked.ok) return undefined;
  if (checked.error === 'characters') return checked.message;
  if (!touched && value.replace(/[\s.-]/g, '').length < GSTIN_LENGTH) return undefined;
  return checked.message;
}

/** The form's own checks, the same the server makes (packages/core). */
function validate(values: Values, core: (english: string) => string): Errors {
  const errors: Errors = {};
  const gstin = checkGstin(values.gstin);
  if (!gstin.ok) errors.gstin = gstin.message;
  if (!values.legalName.trim()) errors.legalName = core(VERIFICATION_MESSAGES.legalNameRequired);
  if (values.pan.trim()) {
    const pan = checkPan(values.pan, gstin.ok ? gstin.gstin : undefined);
    if (!pan.ok) errors.pan = pan.message;
  }
  if (values.udyam.trim()) {
    const udyam = checkUdyam(values.udyam);
    if (!udyam.ok) errors.udyam = udyam.message;
  }
  if (!values.certificate) errors.certificate = core(VERIFICATION_MESSAGES.certificateRequired);
  else if (values.certificate.size > VERIFICATION_LIMITS.certificateMaxBytes)
    errors.certificate = core(VERIFICATION_MESSAGES.certificateTooLarge);
  return errors;
}

/** /settings, "Verify your business" (product-spec-2 section 4): status, the reason of a rejection, the form. */
export function VerifyBusinessSection() {
  const { t } = useLingui();
  const mine = trpc.businesses.myVerification.useQuery(undefined, { staleTime: 0 });
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="verify-business-heading">
      <Stack>
        <Group justify="space-between" align="center">
          <Title order={2} fz="h4" id="verify-business-heading">
            <Trans>Verify your business</Trans>
          </Title>
          {mine.data ? <StatusBadge status={mine.data.status} /> : null}
        </Group>
        {mine.isLoading ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>
              <Trans>Loading your verification…</Trans>
            </Text>
          </Group>
        ) : mine.error || !mine.data ? (
          <Alert color="red" role="alert">
            {errorMessage(mine.error, t`Failed to load your verification.`)}
          </Alert>
        ) : (
          <VerificationBody data={mine.data} />
        )}
      </Stack>
    </Card>
  );
}

function StatusBadge({ status }: { status: MyVerification['status'] }) {
  const core = useCoreText();
  if (status === 'verified') return <GstVerifiedBadge size="lg" />;
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="verification-status">
      {core(VERIFICATION_STATUS_LABELS[status])}
    </Badge>
  );
}

function VerificationBody({ data }: { data: MyVerification }) {
  const { t, i18n } = useLingui();
  const { status, latest } = data;
  // The form is open for a first submission and after a rejection; a pending or verified business opens it on demand.
  const [editing, setEditing] = useState(status === 'unverified' || status === 'rejected');
  return (
    <Stack>
      <Text c="dimmed" fz="sm">
        <Trans>
          Businesses with a verified GSTIN show the "GST verified" badge on their listings and business page,
          and appear under "Verified businesses only" in the marketplace. An admin checks your details against
          your GST registration certificate.
        </Trans>
      </Text>
      {status === 'pending' && latest?.renamedFrom ? (
        <Alert color="yellow" title={t`Your new company name is in review`} role="status">
          {t`The GST verified badge is shown only beside a name an admin approved. We are checking “${latest.tradeName ?? t`no company name`}” against your certificate; the badge returns once it is approved, or at once if you change the name back to “${latest.renamedFrom}”.`}
        </Alert>
      ) : status === 'pending' && latest ? (
        <Alert color="yellow" title={t`Pending review`} role="status">
          {t`We are checking ${latest.legalName} (GSTIN ${latest.gstin}), submitted ${formatWhen(latest.submittedAt, i18n.locale)}.`}
        </Alert>
      ) : null}
      {status === 'verified' && latest ? (
        <Alert color="green" title={t`GST verified`} role="status">
          <span translate="no">
            {latest.legalName}, GSTIN {latest.gstin}
          </span>
          {latest.tradeName && latest.tradeName !== latest.legalName ? t`, shown as ${latest.tradeName}` : ''}
          . <Trans>A new company name goes to review before the badge is shown beside it.</Trans>
        </Alert>
      ) : null}
      {status === 'rejected' && latest ? (
        <Alert color="red" title={t`Your verification was not approved`} role="alert">
          <Text fz="sm">{t`Reason: ${latest.reason}`}</Text>
          <Text fz="sm">
            <Trans>Correct the details below and submit again.</Trans>
          </Text>
        </Alert>
      ) : null}
      {editing ? (
        <VerificationForm
          key={latest?._id ?? 'new'}
          latest={latest}
          status={status}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            {status === 'verified' ? t`Change business details` : t`Submit new details`}
          </Button>
        </Group>
      )}
      {data.history.length > 0 ? <History history={data.history} /> : null}
    </Stack>
  );
}

function VerificationForm({
  latest,
  status,
  onDone,
}: {
  latest: Submission | null;
  status: MyVerification['status'];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const core = useCoreText();
  const [values, setValues] = useState<Values>({
    gstin: latest?.gstin ?? '',
    legalName: latest?.legalName ?? '',
    pan: latest?.pan ?? '',
    udyam: latest?.udyam ?? '',
    certificate: null,
  });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const submit = useSubmitVerification();
  const serverIssues =
    submit.error instanceof SubmitVerificationError
      ? Object.fromEntries(submit.error.issues.map((i) => [i.path, i.message]))
      : {};
  const gstinError =
    errors.gstin ?? liveGstinError(values.gstin, Boolean(touched.gstin)) ?? serverIssues.gstin;
  const set = (name: Exclude<keyof Values, 'certificate'>) => ({
    value: values[name],
    error: name === 'gstin' ? gstinError : (errors[name] ?? serverIssues[name]),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
      submit.reset();
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, core);
    setErrors(found);
    setTouched({ gstin: true, legalName: true, pan: true, udyam: true, certificate: true });
    if (Object.keys(found).length > 0 || !values.certificate) return;
    submit.mutate({ ...values, certificate: values.certificate }, { onSuccess: () => onDone() });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Verify your business`}>
      <Stack>
        {submit.error && !Object.keys(serverIssues).length ? (
          <Alert color="red" role="alert">
            {submit.error.message}
          </Alert>
        ) : null}
        {status === 'verified' ? (
          <Alert color="blue" role="note">
            <Trans>
              Changing your GSTIN or legal name sends your business back to review: the badge is hidden until
              an admin approves the new details.
            </Trans>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="GSTIN"
            description={t`15 characters, as on your GST registration certificate`}
            placeholder="27AAPFU0939F1ZV"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            styles={{ input: { textTransform: 'uppercase' } }}
            {...set('gstin')}
          />
          <TextInput
            label={t`Legal name`}
            description={t`As registered for GST`}
            required
            autoComplete="organization"
            maxLength={VERIFICATION_LIMITS.legalNameMax}
            {...set('legalName')}
          />
          <TextInput
            label={t`PAN (optional)`}
            description={t`Characters 3-12 of your GSTIN`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            {...set('pan')}
          />
          <TextInput
            label={t`Udyam number (optional)`}
            placeholder="UDYAM-MH-01-0012345"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={25}
            {...set('udyam')}
          />
        </SimpleGrid>
        <FileInput
          label={t`GST registration certificate`}
          description={t`PDF or image (JPEG, PNG, WebP), up to 10 MB`}
          placeholder={t`Choose a file`}
          required
          clearable
          accept={CERTIFICATE_TYPES.join(',')}
          value={values.certificate}
          error={errors.certificate ?? serverIssues.certificate}
          onChange={(file) => {
            setValues((v) => ({ ...v, certificate: file }));
            setErrors((e) => ({ ...e, certificate: undefined }));
            submit.reset();
          }}
        />
        <Group>
          <Button type="submit" loading={submit.isPending}>
            {status === 'rejected' ? t`Submit again` : t`Submit for verification`}
          </Button>
          {status === 'pending' || status === 'verified' ? (
            <Button variant="subtle" onClick={onDone}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function History({ history }: { history: Submission[] }) {
  const { i18n } = useLingui();
  const core = useCoreText();
  return (
    <Stack gap={4}>
      <Title order={3} fz="h6">
        <Trans>Your submissions</Trans>
      </Title>
      <List spacing={4} size="sm" listStyleType="none" p={0}>
        {history.map((s) => (
          <List.Item key={s._id}>
            <Text fz="sm" component="span">
              {formatWhen(s.submittedAt, i18n.locale)}:{' '}
              <span translate="no">
                {s.gstin}, {s.legalName}
              </span>{' '}
              — <strong>{core(VERIFICATION_STATUS_LABELS[s.status])}</strong>
              {s.reason ? ` (${s.reason})` : ''} ·{' '}
              <Anchor href={s.certificate.url} target="_blank" rel="noopener" fz="sm">
                <Trans>certificate</Trans>
              </Anchor>
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
