import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { Icon } from "./icon";

export interface AccordionItem {
  id: string;
  title: string;
  content: React.ReactNode;
}

export function Accordion({ items }: { items: AccordionItem[] }) {
  return (
    <AccordionPrimitive.Root type="multiple" className="divide-y divide-line overflow-hidden rounded-component border border-line bg-surface">
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.id} value={item.id}>
          <AccordionPrimitive.Header asChild>
            <h3>
              <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-ink hover:bg-surface-alt">
                {item.title}
                <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </AccordionPrimitive.Trigger>
            </h3>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="px-5 pb-4 text-muted">{item.content}</AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
