// The tile passed to __device__ helpers by array reference and by
// pointer-to-row; the helpers read transposed, in range: legal.
// launch: rt37_refparam 2 32x8
// rapcc keeps the tile: a whole array passed to a helper is an escape.
__device__ void fill(float (&t)[32][33], const int *src, int tx, int ty) {
    for (int j = ty; j < 32; j += 8) t[j][tx] = (float)(src[j * 32 + tx] & 1023);
}
__device__ float column_sum(const float (*t)[33], int c, int ty) {
    float s = 0.f;
    for (int j = ty; j < 32; j += 8) s += t[c][j];
    return s;
}
__global__ void rt37_refparam(const int *in, int *out, int p) {
    __shared__ float tile[32][33];
    const int tx = threadIdx.x, ty = threadIdx.y;
    fill(tile, in + blockIdx.x * 1024, tx, ty);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(column_sum(tile, tx, ty));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt37_refparam<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
