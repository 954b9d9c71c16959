// The jsdom environment here exposes Node's FormData, which cannot read a <form>; React 19 builds one from the form
// when a submit handler starts a transition (react-router's navigate does). Give it a FormData that can, as browsers'.
const NodeFormData = globalThis.FormData;
if (NodeFormData && !(NodeFormData as unknown as { readsForms?: boolean }).readsForms) {
  class FormReadingFormData extends NodeFormData {
    static readsForms = true;
    constructor(form?: HTMLFormElement, _submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const element of Array.from(form.elements) as HTMLInputElement[]) {
        if (element.name && !element.disabled) this.append(element.name, element.value);
      }
    }
  }
  globalThis.FormData = FormReadingFormData as unknown as typeof FormData;
}

export {};
