import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useTexts } from "../i18n/use-texts";
import { toast } from "./toast";

/** Ends the session on the server, forgets cached data, and goes home with 'Signed Out'. */
export function useSignOut() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // better-auth's client loads with the first click, not with every page's top bar.
    const { authClient } = await import("./auth-client");
    const { error } = await authClient.signOut();
    if (error) {
      toast.error(t("session.signOutFailed"), {
        description: error.message ?? t("session.somethingWrong"),
      });
      return;
    }
    queryClient.clear();
    navigate("/");
    toast.success(t("session.signedOutTitle"), { description: t("session.signedOutMessage") });
  };
}
