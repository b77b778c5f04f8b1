import { errorMessage, trpc } from '@barterads/api-client';
import { CONTACT_ROLE_LABELS, CONTACT_ROLES, type ContactRole, LIMITS, MESSAGES } from '@barterads/core';
import { ContactFields } from '@barterads/core/forms';
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { applyServerIssues } from '../../components/forms';

interface ContactValues {
  fullName: string;
  emailAddress: string;
  phoneNumber: string;
  role: ContactRole;
  subject: string;
  message: string;
}

const EMPTY: ContactValues = {
  fullName: '',
  emailAddress: '',
  phoneNumber: '',
  role: 'advertiser',
  subject: '',
  message: '',
};

const FIELDS = Object.keys(EMPTY);

/**
 * The contact form: posts to POST /api/contact (tRPC contact.send), then thanks and resets (spec section 4).
 * Checked with the server's own schema (@barterads/core/forms): each field names what it lacks.
 */
export function ContactForm() {
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(ContactFields, { sync: true }),
  });
  const send = trpc.contact.send.useMutation({
    onSuccess: () => {
      form.reset();
      setSent(true);
      requestAnimationFrame(() => statusRef.current?.focus());
    },
    onError: (error) => applyServerIssues(form, error, FIELDS),
  });

  return (
    <form
      aria-label="Contact form"
      noValidate
      onSubmit={form.onSubmit((values) => {
        setSent(false);
        send.mutate({ ...values, phoneNumber: values.phoneNumber.trim() || null });
      })}
    >
      <Stack gap="md">
        {sent ? (
          <Alert color="green" variant="light" role="status" ref={statusRef} tabIndex={-1} title="Thank you">
            {MESSAGES.contactSent}
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert color="red" variant="light" role="alert" title="Message not sent">
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            maxLength={LIMITS.contactNameMax}
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('emailAddress')}
          />
          <TextInput
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            placeholder="+91XXXXXXXXXX"
            description="Optional"
            {...form.getInputProps('phoneNumber')}
          />
          <NativeSelect
            label="I am a"
            data={CONTACT_ROLES.map((role) => ({ value: role, label: CONTACT_ROLE_LABELS[role] }))}
            {...form.getInputProps('role')}
          />
        </SimpleGrid>
        <TextInput
          label="Subject"
          required
          maxLength={LIMITS.contactSubjectMax}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxLength={LIMITS.messageMaxLength}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={false} disabled={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {send.isPending ? 'Sending Message...' : 'Send Message'}
        </Button>
      </Stack>
    </form>
  );
}
