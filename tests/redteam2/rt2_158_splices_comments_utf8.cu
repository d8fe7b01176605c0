// Backslash-newline splices inside a subscript and inside a name, comments
// between the name and its brackets, and non-ASCII text (UTF-8: größe,
// naïve, — an em dash) before every use.
// launch: rt2_158_splices_comments_utf8 2 32x8
__global__ void rt2_158_splices_comments_utf8(const int *in, int *out, int p) {
    __shared__ float tile[32][32]; // « tuile »
    const int tx = threadIdx.x, ty = threadIdx.y;
    const char *label = "größe — naïve";
    for (int j = ty; j < 32; j += 8)
        tile /* row → */ [j] /* col ← */ [tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(til\
e[t\
x][j] + (float)(label[0] & 1));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_158_splices_comments_utf8<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
