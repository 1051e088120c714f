import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Ban, CircleCheck, Eye, ShieldCheck, ShieldOff, UserX } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { LoadMoreButton } from "../../components/load-more-button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { useSession } from "../../lib/session";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { RowMenu } from "../components/row-menu";
import { SearchField, useSearchText } from "../components/search-field";
import { UserDetailsDialog } from "./user-details-dialog";
import { type AdminUser, type UserAction, usersQueryOptions, useUserAction } from "./users-api";

export function UsersPage() {
  const { t } = useTexts();
  const { data: session } = useSession();
  const [searchText, setSearchText] = useState("");
  const search = useSearchText(searchText);
  // The rows shown stay while a new search loads: a row's open menu keeps its row.
  const query = useInfiniteQuery({
    ...usersQueryOptions(search),
    placeholderData: keepPreviousData,
  });
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: UserAction } | null>(
    null,
  );
  const [detailsFor, setDetailsFor] = useState<AdminUser | null>(null);
  // An order's customer link opens their details here: /admin/users?user=<id>.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedUserId = searchParams.get("user");
  const shownDetails = detailsFor ?? (linkedUserId ? { id: linkedUserId } : null);
  const closeDetails = () => {
    setDetailsFor(null);
    if (linkedUserId) setSearchParams({}, { replace: true });
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("adminUsers.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminUsers.description")}</p>
      </header>
      <Card>
        <CardContent padding="full" className="space-y-4">
          <SearchField
            id="user-search"
            label={t("adminUsers.searchLabel")}
            className="max-w-sm"
            placeholder={t("adminUsers.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />

          <AdminListBody
            query={query}
            isEmpty={users.length === 0}
            failedTitle={t("adminUsers.fetchFailedTitle")}
            empty={{
              icon: UserX,
              title: t("adminUsers.empty"),
              detail: search ? t("adminUsers.emptySearch", { search }) : undefined,
            }}
          >
            <AdminTable
              className="sm:min-w-[34rem]"
              isRefreshing={query.isPlaceholderData}
              columns={userColumns(t, session?.user.id)}
              rows={users}
              rowKey={(user) => user.id}
              actions={{
                cell: (user) => (
                  <UserMenu
                    user={user}
                    isSelf={user.id === session?.user.id}
                    onAction={(action) => setConfirming({ user, action })}
                    onViewDetails={() => setDetailsFor(user)}
                  />
                ),
              }}
            />
          </AdminListBody>

          {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
        </CardContent>
      </Card>

      <ConfirmUserActionDialog pending={confirming} onDone={() => setConfirming(null)} />
      <UserDetailsDialog user={shownDetails} onClose={closeDetails} />
    </div>
  );
}

function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTexts();
  return (
    <Badge variant={user.role === "admin" ? "info" : "default"}>
      {t(`adminUsers.roles.${user.role}`)}
    </Badge>
  );
}

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTexts();
  return user.isBlocked ? (
    <Badge variant="destructive">{t("adminUsers.statuses.blocked")}</Badge>
  ) : (
    <Badge variant="success">{t("adminUsers.statuses.active")}</Badge>
  );
}

function UserEmail({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTexts();
  return (
    <>
      {user.email}
      {isSelf && (
        <span className="ml-2 text-xs font-normal text-muted-foreground">
          {t("adminUsers.you")}
        </span>
      )}
      {/* Such an account may be anyone's who typed the address: it cannot be made admin. */}
      {!user.emailVerified && (
        <span className="ml-2 inline-block text-xs font-normal whitespace-nowrap text-amber-700 dark:text-amber-400">
          {t("adminUsers.unverified")}
        </span>
      )}
      {/* On a phone the other columns fold in here, so nothing needs sideways scrolling. */}
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5 font-normal sm:hidden">
        <RoleBadge user={user} />
        <StatusBadge user={user} />
        <span className="text-xs text-muted-foreground">{formatDate(user.createdAt)}</span>
      </div>
    </>
  );
}

function userColumns(t: TextFunction, selfId: string | undefined): AdminColumn<AdminUser>[] {
  return [
    {
      id: "email",
      header: t("adminUsers.columns.email"),
      cellClassName: "font-medium [overflow-wrap:anywhere] sm:max-w-64",
      cell: (user) => <UserEmail user={user} isSelf={user.id === selfId} />,
    },
    {
      id: "role",
      header: t("adminUsers.columns.role"),
      className: "hidden sm:table-cell",
      cell: (user) => <RoleBadge user={user} />,
    },
    {
      id: "joined",
      header: t("adminUsers.columns.joined"),
      className: "hidden sm:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (user) => formatDate(user.createdAt),
    },
    {
      id: "status",
      header: t("adminUsers.columns.status"),
      className: "hidden sm:table-cell",
      cell: (user) => <StatusBadge user={user} />,
    },
  ];
}

function UserMenu({
  user,
  isSelf,
  onAction,
  onViewDetails,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAction: (action: UserAction) => void;
  onViewDetails: () => void;
}) {
  const { t } = useTexts();
  return (
    <RowMenu label={t("adminUsers.actionsFor", { email: user.email })}>
      <DropdownMenuItem onSelect={onViewDetails}>
        <Eye aria-hidden />
        {t("adminUsers.actions.viewDetails")}
      </DropdownMenuItem>
      {user.role === "admin" ? (
        // An admin cannot demote themselves; the server refuses it too.
        <DropdownMenuItem disabled={isSelf} onSelect={() => onAction("makeUser")}>
          <ShieldOff aria-hidden />
          {t("adminUsers.actions.makeUser")}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem onSelect={() => onAction("makeAdmin")}>
          <ShieldCheck aria-hidden />
          {t("adminUsers.actions.makeAdmin")}
        </DropdownMenuItem>
      )}
      {!isSelf && (
        <>
          <DropdownMenuSeparator />
          {user.isBlocked ? (
            <DropdownMenuItem onSelect={() => onAction("unblock")}>
              <CircleCheck aria-hidden />
              {t("adminUsers.actions.unblock")}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => onAction("block")}>
              <Ban aria-hidden />
              {t("adminUsers.actions.block")}
            </DropdownMenuItem>
          )}
        </>
      )}
    </RowMenu>
  );
}

function ConfirmUserActionDialog({
  pending,
  onDone,
}: {
  pending: { user: AdminUser; action: UserAction } | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const userAction = useUserAction();
  // Keeps the text while the dialog animates closed.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const action = shown?.action ?? "makeAdmin";
  const email = shown?.user.email ?? "";

  const onConfirm = () => {
    if (!pending) return;
    userAction.mutate(pending, {
      onSuccess: (user) => {
        toast.success(t("adminUsers.successTitle", { email: user.email }));
        onDone();
      },
      onError: (error) => toast.error(t("adminUsers.failedTitle"), { description: error.message }),
    });
  };

  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open && !userAction.isPending) onDone();
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>{t(`adminUsers.confirm.${action}.title`)}</AlertDialogTitle>
        <AlertDialogDescription>
          {t(`adminUsers.confirm.${action}.description`, { email })}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={userAction.isPending}>
            {t("admin.common.cancel")}
          </AlertDialogCancel>
          <AlertDialogConfirm
            variant={action === "block" || action === "makeUser" ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={userAction.isPending}
          >
            {userAction.isPending && <Spinner />}
            {t(`adminUsers.confirm.${action}.confirm`)}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
