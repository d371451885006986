/** The part of whatwg-mimetype's API used here (the package ships no types; src/server/apollo-mime-type.ts). */
declare module 'whatwg-mimetype' {
  class MIMEType {
    constructor(string: string);
    static parse(string: string): MIMEType | null;
    readonly essence: string;
    type: string;
    subtype: string;
    readonly parameters: Map<string, string>;
    toString(): string;
  }
  export default MIMEType;
}
