// The hand-written conflict-free index i + (i >> 5) over a 1-D array sized
// for it: a rewrite must keep the program's own padding meaning what it does.
// launch: rt2_22_handwritten_conflict_free 2 32x8
#define CF(i) ((i) + ((i) >> 5))
__global__ void rt2_22_handwritten_conflict_free(const int *in, int *out, int p) {
    __shared__ float s[32 * 33];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        s[CF(j * 32 + tx)] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(s[CF(tx * 32 + j)] + s[CF(tid + j)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_22_handwritten_conflict_free<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
