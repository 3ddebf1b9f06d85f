export async function serve(_o: { port: number; host: string; contentDir: string; configFile?: string }): Promise<void> { throw new Error("serve: in progress"); }
