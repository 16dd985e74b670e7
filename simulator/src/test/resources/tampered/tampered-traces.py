# Makes the tampered-trace corpus from base.jsonl (a fresh `lockstep run 01 --algorithm sequential --trace base.jsonl`):
# python3 tampered-traces.py DIR
import json, hashlib, re, sys, os
base=[l for l in open('base.jsonl').read().split('\n') if l]
out=sys.argv[1]
def renum(lines):
    r=[]
    for i,l in enumerate(lines):
        r.append(re.sub(r'^\{"i":\d+,', '{"i":%d,'%i, l))
    return r
def seal(lines):
    # recompute the digest, as a forger would
    body=lines[:-1]
    h=hashlib.sha256(''.join(l+'\n' for l in body).encode()).hexdigest()
    last=re.sub(r'"digest":"sha256:[0-9a-f]+"', '"digest":"sha256:%s"'%h, lines[-1])
    return body+[last]
def write(name, lines):
    open(os.path.join(out,name),'w').write(''.join(l+'\n' for l in lines))
L=list(base)
def sub(lines, idx, a, b):
    lines=list(lines); assert a in lines[idx], (idx,a); lines[idx]=lines[idx].replace(a,b,1); return lines
# forgers who wrote the digest again: caught by the facts between events, or by a rerun
write('negative-seed.jsonl', seal(sub(L,0,'"seed":1,','"seed":-1,')))
write('client-not-in-header.jsonl', seal(sub(L,12,'"client":"c1"','"client":"c2"')))
write('owner-not-in-header.jsonl', seal(sub(L,9,'"owner":"c1"','"owner":"c7"')))
write('deleted-by-a-stranger.jsonl', seal(sub(L,18,'"by":"c1"','"by":"mallory"')))
write('seq-changed.jsonl', seal(sub(L,11,'"seq":0,','"seq":7,')))
write('sequence-on-a-plain-node.jsonl', seal(sub(L,7,'"seq":-1,','"seq":3,')))
write('rerun-event-deleted.jsonl', seal(renum(L[:17]+L[18:])))
write('rerun-relabelled.jsonl', seal(sub(L,0,'"algorithm":"sequential"','"algorithm":"naive"')))
write('rerun-scenario-edited.jsonl', seal(sub(L,0,re.search(r'"scenarioDigest":"sha256:[0-9a-f]+"',L[0]).group(0),'"scenarioDigest":"sha256:'+'0'*64+'"')))
# edits that left the digest as the run wrote it: a plain check refuses them at the run-ended line
write('edited-event-deleted.jsonl', renum(L[:17]+L[18:]))
write('edited-events-swapped.jsonl', renum(L[:17]+[L[18],L[17]]+L[19:]))
write('edited-event-duplicated.jsonl', renum(L[:15]+[L[15],L[15]]+L[16:]))
write('edited-relabelled.jsonl', sub(L,0,'"algorithm":"sequential"','"algorithm":"naive"'))
write('edited-digest-removed.jsonl', L[:-1]+[re.sub(r',"digest":"[^"]+"','',L[-1])])
