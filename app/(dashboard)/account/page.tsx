import type { Metadata } from "next";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { SignOutEverywhere } from "@/components/account/sign-out-everywhere";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/api/current-session";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const { user } = await requireSession("/account");
  return (
    <>
      <PageHeader title="Account" description={<>Signed in as {user.email}.</>} />
      <div className="space-y-6">
        <Card aria-labelledby="password-title">
          <CardHeader
            id="password-title"
            title="Password"
            description={
              user.passwordHash
                ? "Changing it signs you out everywhere, here too: sign in again with the new password."
                : "You sign in with GitHub: this account has no password to change."
            }
          />
          {user.passwordHash ? (
            <CardBody>
              <ChangePasswordForm minPasswordLength={MIN_PASSWORD_LENGTH} />
            </CardBody>
          ) : null}
        </Card>
        <Card aria-labelledby="sessions-title">
          <CardHeader
            id="sessions-title"
            title="Sessions"
            description="Signed in on a computer you no longer use? End every session of your account, this one included."
          />
          <CardBody>
            <SignOutEverywhere />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
