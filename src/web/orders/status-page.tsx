import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardHeader, CardTitle } from "../components/ui/card";

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
