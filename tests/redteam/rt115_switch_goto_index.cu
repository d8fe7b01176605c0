// Columns chosen in a switch with fall-through and a goto out of a search
// loop that stops at a data-dependent column; all reads in range.
// launch: rt115_k 2 32x8
__global__ void rt115_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 1023;
    __syncthreads();
    int c = 0;
    switch (tx & 3) {
    case 0: c += 8;
    case 1: c += 4; break;
    case 2: c = 20;
    default: c += 1;
    }
    int found = -1;
    for (int k = 0; k < 32; ++k) {
        if (tile[tx][k] > 900) { found = k; goto done; }
    }
done:
    int acc = tile[ty][c] + tile[tx][ty] + (found >= 0 ? tile[found][tx] : 0);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt115_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
