// Subscripts with side effects, tile[tx][j++] and tile[k--][tx]: a rewrite
// that evaluates an index twice would step twice.
// launch: rt60_sideeffect 2 32x8
__global__ void rt60_sideeffect(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 1023;
    __syncthreads();
    int acc = 0, j = ty * 4, k = 31;
    for (int i = 0; i < 4; ++i) acc += tile[tx][j++] * (i + 1);
    for (int i = 0; i < 3; ++i) acc += tile[k--][tx];
    out[blockIdx.x * 256 + tid] = acc * 100 + j + k;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt60_sideeffect<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
