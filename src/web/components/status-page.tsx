import { ArrowLeft, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./ui/button";
import { Card, CardHeader, CardTitle } from "./ui/card";
import { Spinner } from "./ui/spinner";

/*
 * The parts an order's page and a sale's page share: the customer reads the two alike,
 * whichever way the coins went.
 */

/** The way back to the list the page was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="touch-target gap-1 text-sm text-primary underline underline-offset-4">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/**
 * The page's first card: the status's icon and name large, the short id, then `message`
 * (what the status means now); `children` is the card's body.
 */
export function StatusCard({
  icon,
  title,
  idLine,
  message,
  children,
}: {
  icon: ReactNode;
  title: string;
  idLine: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        {icon}
        <CardTitle>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{idLine}</p>
        {message}
      </CardHeader>
      {children}
    </Card>
  );
}

/** While the order or sale is read. */
export function StatusPageLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner />
    </p>
  );
}

/** An id that names no order or sale of the customer's, and where to start a new one. */
export function StatusPageNotFound({
  title,
  message,
  startNew,
}: {
  title: string;
  message: string;
  startNew: { to: string; label: string };
}) {
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <SearchX className="mx-auto size-12 text-muted-foreground" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button asChild className="mt-6">
        <Link to={startNew.to}>{startNew.label}</Link>
      </Button>
    </section>
  );
}
