// The bank of an element computed from its address (a debugging idiom): a value that depends on the layout.
// launch: rt68_k 2 32x8
__global__ void rt68_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 65535;
    __syncthreads();
    const unsigned bank = (unsigned)(((unsigned long long)&tile[ty][tx] >> 2) & 31);
    int acc = tile[tx][ty] * 3 + tile[tx][(ty + 8) & 31];
    acc += (int)bank - (int)(((unsigned long long)&tile[0][0] >> 2) & 31);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt68_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
