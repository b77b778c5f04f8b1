import { errorMessage, isTRPCClientError, trpc } from '@barterads/api-client';
import {
  CONTACT_ROLE_LABELS,
  CONTACT_ROLES,
  type ContactRole,
  isValidEmail,
  LIMITS,
  MESSAGES,
  normalizePhone,
} from '@barterads/core';
import { Alert, Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';

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

const required = (value: string) => (value.trim() ? null : MESSAGES.contactRequired);

/** The contact form: posts to POST /api/contact (tRPC contact.send), then thanks and resets (spec section 4). */
export function ContactForm() {
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      fullName: required,
      emailAddress: (value) => required(value) ?? (isValidEmail(value.trim()) ? null : MESSAGES.invalidEmail),
      phoneNumber: (value) => {
        if (!value.trim()) return null;
        const result = normalizePhone(value);
        return result.ok ? null : result.message;
      },
      subject: required,
      message: required,
    },
  });
  const send = trpc.contact.send.useMutation({
    onSuccess: () => {
      form.reset();
      setSent(true);
      requestAnimationFrame(() => statusRef.current?.focus());
    },
    onError: (error) => {
      const issues = isTRPCClientError(error) ? error.data?.issues : undefined;
      if (issues) {
        for (const issue of issues) form.setFieldError(issue.path, issue.message);
      }
    },
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
