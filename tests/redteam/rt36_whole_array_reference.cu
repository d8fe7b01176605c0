// References to the whole array and to one row: auto &t = tile and
// int (&row)[32] = tile[ty]; all reads in range, so a rewrite is legal if
// the references are followed.
// launch: rt36_refs 2 32x8
__global__ void rt36_refs(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    auto &t = tile;
    for (int j = ty; j < 32; j += 8) t[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    int (&row)[32] = tile[ty];
    int acc = t[tx][ty] + row[(tx + 1) & 31];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt36_refs<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
